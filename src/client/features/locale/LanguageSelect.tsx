import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Form } from 'react-bootstrap';
import { FormattedMessage } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { localeActions } from './localeSlice.js';
import { isLanguage, LANGUAGES, type Language } from '../../../shared/constants.js';

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

/**
 * A page opened with `?lang=<code>` (the public pages' links to the legal pages say which language the reader was
 * in) shows in that language, as if chosen in the switch; any other value is ignored.
 */
export function useLanguageFromAddress(): void {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const asked = params.get('lang');
  useEffect(() => {
    if (isLanguage(asked)) dispatch(localeActions.languageChanged(asked));
  }, [asked, dispatch]);
}
