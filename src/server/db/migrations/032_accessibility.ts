/**
 * The accessibility statement (/accesibilidad, RD 1112/2018) and the complaints filed from it. The statement is one
 * row: its conformance as measured, the known exceptions and the date of its last review, which an administrator
 * edits (the rest of the page is the interface's words, in every language). A complaint keeps the address to answer
 * and the text, until it is past LOG_RETENTION_DAYS. New tables only: every row is kept.
 */
export default /* sql */ `
CREATE TABLE accessibility_statement (
  id          boolean PRIMARY KEY DEFAULT true CHECK (id),
  conformance text NOT NULL CHECK (conformance IN ('FULL', 'PARTIAL', 'NONE')),
  exceptions  text NOT NULL CHECK (length(exceptions) <= 8000),
  reviewed_on date,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
INSERT INTO accessibility_statement (conformance, exceptions) VALUES ('PARTIAL', '');

CREATE TABLE accessibility_complaints (
  id          serial PRIMARY KEY,
  email       text NOT NULL,
  text        text NOT NULL CHECK (length(text) BETWEEN 1 AND 4000),
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX accessibility_complaints_received ON accessibility_complaints (received_at);
`;
