import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ratingNeedsComment } from '@app/domain/brokers/brokers.rules';
import { ratingUpdateSchema } from '@app/domain/brokers/brokers.schema';
import type { BrokerCompany } from '@app/domain/brokers/brokers.schema';
import { BROKER_RATINGS } from '@app/domain/common/lookups';
import type { BrokerRatingId } from '@app/domain/common/lookups';
import { currentLang } from '@/i18n/i18n';
import { isApiError } from '@/lib/api-error';
import { toastSuccess } from '@/lib/messages';
import { useUpdateRating } from '../api/broker-rating';
import { BrokerError } from './broker-error';
import { useBrokerMessageText } from './broker-messages';

const COMMENT_MAX = 500;

type RatingFormProps = {
  broker: BrokerCompany;
  /** Called with the broker as the server answered it once the rating is saved. */
  onSaved?: (broker: BrokerCompany) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
};

/**
 * The five ratings of the spec, each in its colour, and why. A Not Approved, Severe Risk or Call Office
 * rating warns the next dispatcher, so it needs a comment (the domain's rule, checked here before the
 * server checks it again). Saving takes the broker off the rating queue.
 */
export function RatingForm({ broker, onSaved, onCancel, autoFocus }: RatingFormProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const messageText = useBrokerMessageText();
  const labelId = useId();
  const update = useUpdateRating();
  const [rating, setRating] = useState<BrokerRatingId>(broker.rating.id);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const needsComment = ratingNeedsComment(rating);

  const submit = async () => {
    const parsed = ratingUpdateSchema.safeParse({ rating, comment });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((candidate) => candidate.path[0] === 'comment');
      setCommentError(issue ? messageText(issue.message) : null);
      return;
    }
    setCommentError(null);
    try {
      const saved = await update.mutateAsync({ id: broker.id, body: { rating, comment } });
      toastSuccess();
      setComment('');
      onSaved?.(saved);
    } catch (error) {
      const serverComment = isApiError(error) ? error.fields.comment?.[0] : undefined;
      if (serverComment) setCommentError(messageText(serverComment));
    }
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('brokers.rating.formLabel', { name: broker.name })}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.25 }}
    >
      <Typography id={labelId} variant="caption" color="text.secondary">
        {t('brokers.rating.choose')}
      </Typography>
      <RadioGroup
        aria-labelledby={labelId}
        value={String(rating)}
        onChange={(event) => {
          setRating(Number(event.target.value) as BrokerRatingId);
          setCommentError(null);
        }}
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 1 }}
      >
        {BROKER_RATINGS.map((entry) => (
          <FormControlLabel
            key={entry.id}
            value={String(entry.id)}
            control={
              <Radio
                size="small"
                autoFocus={autoFocus && entry.id === rating}
                sx={{ color: entry.color, '&.Mui-checked': { color: entry.color } }}
              />
            }
            label={
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                <Box
                  component="span"
                  aria-hidden
                  sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: entry.color, flex: 'none' }}
                />
                {entry[lang]}
              </Box>
            }
            sx={{ m: 0 }}
          />
        ))}
      </RadioGroup>
      <TextField
        label={t('brokers.rating.comment')}
        value={comment}
        required={needsComment}
        onChange={(event) => {
          setComment(event.target.value.slice(0, COMMENT_MAX));
          setCommentError(null);
        }}
        multiline
        minRows={2}
        maxRows={5}
        error={Boolean(commentError)}
        helperText={
          commentError ??
          (needsComment ? t('brokers.rating.commentNeeded') : t('brokers.rating.commentOptional'))
        }
        slotProps={{ htmlInput: { maxLength: COMMENT_MAX } }}
      />
      <BrokerError error={isApiError(update.error) && update.error.fields.comment ? null : update.error} />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={update.isPending}>
            {t('brokers.actions.cancel')}
          </Button>
        )}
        <Button type="submit" variant="contained" loading={update.isPending}>
          {t('brokers.rating.save')}
        </Button>
      </Box>
    </Box>
  );
}
