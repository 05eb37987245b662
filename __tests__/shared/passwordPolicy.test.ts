import {
  checkNewPassword,
  passwordProblemMessageId,
  userInputsOf,
  PASSWORD_MIN_LENGTH,
  STRENGTH_WARNINGS,
  type StrengthEstimator,
} from '../../src/shared/password/policy.js';
import { createStrengthEstimator } from '../../src/shared/password/strength.js';
import fs from 'node:fs';
import { jest } from '@jest/globals';
import path from 'node:path';
import { LANGUAGES } from '../../src/shared/constants.js';

const zxcvbn = createStrengthEstimator();
const catalogue = (language: string): Record<string, string> => JSON.parse(fs.readFileSync(path.resolve('i18n', `${language}.json`), 'utf8'));
const context = { email: 'lucia.martinez@ayto-ejemplo.es', name: 'Lucía Martínez' };

describe('the password policy', () => {
  it('refuses short, e-mail, unchanged and easily guessed passwords, in that order, and takes a strong one', () => {
    const check = (password: string, extra = {}) => checkNewPassword(password, { ...context, ...extra }, zxcvbn);
    expect(check('')).toEqual({ code: 'REQUIRED' });
    expect(check('a'.repeat(PASSWORD_MIN_LENGTH - 1))).toEqual({ code: 'TOO_SHORT' });
    // Length counts characters, not UTF-16 units: eleven letters and an emoji are twelve.
    expect(check('Ñandú-Azul-🦜')?.code).not.toBe('TOO_SHORT');
    expect(check('x'.repeat(51))).toEqual({ code: 'TOO_LONG' });
    expect(check('LUCIA.MARTINEZ@ayto-ejemplo.es')).toEqual({ code: 'IS_EMAIL' });
    expect(check('Tortuga-Azul-Salta-7', { currentPassword: 'Tortuga-Azul-Salta-7' })).toEqual({ code: 'SAME_AS_CURRENT' });
    expect(check('123456789012')).toEqual({ code: 'TOO_WEAK', warning: 'common' });
    expect(check('qwertyuiop1234')).toEqual({ code: 'TOO_WEAK', warning: 'similarToCommon' });
    // The Spanish dictionaries: words and names the common lists alone would let through.
    expect(check('contraseña1234')).toMatchObject({ code: 'TOO_WEAK' });
    expect(check('primavera2025')).toMatchObject({ code: 'TOO_WEAK' });
    // The user's own words (e-mail, name) count as guessed.
    expect(check('luciamartinez1')).toMatchObject({ code: 'TOO_WEAK' });
    expect(check('barcelona2024!')).toMatchObject({ code: 'TOO_WEAK' });
    expect(check('kH3v9xQp2mZt')).toBeNull();
    expect(check('mesa silla lámpara')).toBeNull();
    expect(check('Tortuga-Azul-Salta-Lejos-7')).toBeNull();
    expect(check('correcto caballo batería grapa')).toBeNull();
  });

  it("runs the estimator only on passwords of an acceptable length, with the user's words", () => {
    const estimator = jest.fn<StrengthEstimator>(() => ({ score: 4, warning: null }));
    expect(checkNewPassword('corta', context, estimator)).toEqual({ code: 'TOO_SHORT' });
    expect(estimator).not.toHaveBeenCalled();
    expect(checkNewPassword('una clave cualquiera', context, estimator)).toBeNull();
    expect(estimator).toHaveBeenCalledWith('una clave cualquiera', userInputsOf(context));
    expect(userInputsOf(context)).toEqual(expect.arrayContaining(['lucia.martinez@ayto-ejemplo.es', 'lucia', 'martinez', 'ayto-ejemplo', 'lucía', 'martínez']));
    // A warning this version does not know is told as the generic reason.
    expect(checkNewPassword('una clave cualquiera', context, () => ({ score: 1, warning: 'somethingNew' }))).toEqual({ code: 'TOO_WEAK', warning: null });
  });

  it('has a message for every reason in every language', () => {
    const reasons = [
      ...(['REQUIRED', 'TOO_SHORT', 'TOO_LONG', 'IS_EMAIL', 'SAME_AS_CURRENT'] as const).map((code) => passwordProblemMessageId({ code })),
      ...[...STRENGTH_WARNINGS, null].map((warning) => passwordProblemMessageId({ code: 'TOO_WEAK', warning })),
      'ACCOUNT.PASSWORD.WRONG_CURRENT',
    ];
    for (const language of LANGUAGES) {
      const messages = catalogue(language);
      for (const id of reasons) expect([language, id, typeof messages[id]]).toEqual([language, id, 'string']);
    }
    expect(catalogue('es')['ACCOUNT.PASSWORD.TOO_SHORT']).toBe('La contraseña debe tener al menos 12 caracteres');
  });
});
