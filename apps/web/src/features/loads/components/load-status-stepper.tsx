import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import {
  CANCELED_STATUS,
  COMPLETED_STATUS,
  COMPLETED_TONU_STATUS,
  TONU_STATUS,
} from '@app/domain/loads/load-lifecycle.rules';
import { loadStatusDisplayName } from '@app/domain/loads/loads.rules';
import { currentLang } from '@/i18n/i18n';

/** The way of a load: 1..8, then Completed (10). TONU (9, 11) and Canceled (12) end it elsewhere. */
export const STEPPER_STATUSES = [1, 2, 3, 4, 5, 6, 7, 8, COMPLETED_STATUS] as const;

const TERMINAL_STATUSES = [TONU_STATUS, COMPLETED_TONU_STATUS, CANCELED_STATUS];

/** The status stepper of the load page; the current status is the active step. */
export function LoadStatusStepper({ status }: { status: number }) {
  useTranslation();
  const lang = currentLang();
  const terminal = TERMINAL_STATUSES.includes(status);
  const activeIndex = terminal
    ? STEPPER_STATUSES.length
    : Math.max(0, STEPPER_STATUSES.indexOf(status as (typeof STEPPER_STATUSES)[number]));
  const completedLoad = status === COMPLETED_STATUS;
  const scroller = useRef<HTMLDivElement>(null);

  // On a narrow screen the stepper scrolls sideways: keep the current status in view.
  useEffect(() => {
    const box = scroller.current;
    const current = box?.querySelector<HTMLElement>('[aria-current="step"]');
    if (!box || !current || box.scrollWidth <= box.clientWidth) return;
    box.scrollLeft = current.offsetLeft - (box.clientWidth - current.offsetWidth) / 2;
  }, [status]);

  return (
    <Box ref={scroller} sx={{ overflowX: 'auto', pb: 0.5, position: 'relative' }}>
      <Stepper
        activeStep={activeIndex}
        alternativeLabel
        aria-label={loadStatusDisplayName(status, null, lang)}
        sx={{ minWidth: 760, '& .MuiStepLabel-label': { fontSize: '0.6875rem', mt: '6px !important' } }}
      >
        {STEPPER_STATUSES.map((step, index) => (
          <Step
            key={step}
            completed={!terminal && (index < activeIndex || completedLoad)}
            disabled={terminal}
            aria-current={!terminal && index === activeIndex ? 'step' : undefined}
          >
            <StepLabel sx={terminal ? { opacity: 0.5 } : undefined}>
              {loadStatusDisplayName(step, null, lang)}
            </StepLabel>
          </Step>
        ))}
        {terminal && (
          <Step key="terminal" completed={status === COMPLETED_TONU_STATUS} aria-current="step">
            <StepLabel error={status === CANCELED_STATUS}>
              {loadStatusDisplayName(status, null, lang)}
              {status === COMPLETED_TONU_STATUS &&
                ` · ${loadStatusDisplayName(COMPLETED_STATUS, null, lang)}`}
            </StepLabel>
          </Step>
        )}
      </Stepper>
    </Box>
  );
}
