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
 * in) shows in that language to a visitor who has not signed in, as if chosen in the switch. A signed-in user keeps
 * the language they chose (a link cannot change the language of their e-mails); any other value is ignored.
 */
export function useLanguageFromAddress(): void {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const asked = params.get('lang');
  const current = useAppSelector((state) => state.locale.language);
  const signedIn = useAppSelector((state) => state.auth.user !== null);
  useEffect(() => {
    if (!signedIn && isLanguage(asked) && asked !== current) dispatch(localeActions.languageChanged(asked));
  }, [asked, current, signedIn, dispatch]);
}
