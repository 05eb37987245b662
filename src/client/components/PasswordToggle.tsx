import { Button } from 'react-bootstrap';
import { useIntl } from 'react-intl';
import { Eye, EyeSlash } from './icons.js';

/** The button beside a password field that shows or hides what is typed ('Mostrar contraseña' / 'Ocultar contraseña'). */
export function PasswordToggle({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  const intl = useIntl();
  return (
    <Button
      variant="outline-secondary"
      onClick={onToggle}
      aria-pressed={shown}
      aria-label={intl.formatMessage({ id: shown ? 'AUTH.LOGIN.HIDE_PASSWORD' : 'AUTH.LOGIN.SHOW_PASSWORD' })}
    >
      {shown ? <EyeSlash aria-hidden="true" /> : <Eye aria-hidden="true" />}
    </Button>
  );
}
