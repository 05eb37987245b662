import { Form } from 'react-bootstrap';
import { FormattedMessage } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { localeActions } from './localeSlice.js';
import { LANGUAGES, type Language } from '../../../shared/constants.js';

/** The language switch of the user panel; the choice is kept in local storage. */
export function LanguageSelect() {
  const dispatch = useAppDispatch();
  const language = useAppSelector((state) => state.locale.language);
  return (
    <Form.Group controlId="language-select">
      <Form.Label className="small text-body-secondary mb-1">
        <FormattedMessage id="USER_PANEL.LANGUAGE" />
      </Form.Label>
      <Form.Select size="sm" value={language} onChange={(e) => dispatch(localeActions.languageChanged(e.target.value as Language))}>
        {LANGUAGES.map((code) => (
          <FormattedMessage key={code} id={`LANGUAGES.${code}`}>
            {(text) => <option value={code}>{text}</option>}
          </FormattedMessage>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
