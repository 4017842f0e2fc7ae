import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Translate from '@mui/icons-material/Translate';
import type { Lang } from '@app/domain/common/lookups';
import { LANGUAGES, currentLang, setLanguage } from '@/i18n/i18n';
import { errorStatus } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/current-user';
import { toastError } from '@/lib/messages';
import { useUpdateProfile } from '@/features/profile/api/update-profile';

// The accessible name stays 'Language' in every language, so that a reader of neither can find it.
export const LANGUAGE_SWITCH_LABEL = 'Language';

/** Switches the interface language at once and saves it to the profile. */
export function LanguageSwitch() {
  const user = useCurrentUser();
  const updateProfile = useUpdateProfile();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const lang = currentLang();

  const choose = (next: Lang) => {
    setAnchor(null);
    if (next === lang) return;
    void setLanguage(next);
    updateProfile.mutate(
      { first_name: user.first_name, last_name: user.last_name, lang: next },
      // Other failures are already reported by the HTTP client.
      { onError: (error) => errorStatus(error) === 400 && toastError('shell.languageNotSaved') },
    );
  };

  return (
    <>
      <Button
        aria-label={LANGUAGE_SWITCH_LABEL}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        color="inherit"
        startIcon={<Translate sx={{ fontSize: 18 }} />}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ color: 'text.secondary', minWidth: 0, px: 1 }}
      >
        {lang.toUpperCase()}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((language) => (
          <MenuItem
            key={language.id}
            selected={language.id === lang}
            lang={language.id}
            onClick={() => choose(language.id)}
          >
            {language.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
