/**
 * Each user's language, for what the server writes to them outside the interface (the reminder and "campaign
 * open" e-mails). The interface language is chosen in the browser; the client tells the server when a signed-in
 * user changes it. Every user written before has Spanish, the app's default, which is what they were sent.
 */
export default /* sql */ `
ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'es'
  CONSTRAINT users_language_check CHECK (language IN ('es', 'en', 'ca', 'va'));
`;
