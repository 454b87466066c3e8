// Request and response shapes of a user's own account (issue 43): the password change, their
// sessions, and two-factor sign-in (TOTP, RFC 6238) with its recovery codes. The key and the
// recovery codes appear in exactly two answers, the enrolment's start and its confirmation.
import { z } from 'zod';
import { dataOf } from '../envelopes.js';
import { PASSWORD_RULE } from '../account-words.js';

const Code = z
  .string()
  .min(1)
  .max(64)
  .meta({ description: 'The 6 digits the authenticator app shows now, or one unused recovery code.', examples: ['123456'] });

export const TotpCodeRequestSchema = z.strictObject({ code: Code });

export const TotpStatusSchema = dataOf(
  z.strictObject({
    enabled: z.boolean().meta({ description: 'Whether this user signs in with a code after the password.' }),
    required: z.boolean().meta({ description: "Whether SERVICE_REQUIRE_2FA requires it of this user's role." }),
    recoveryCodesLeft: z.int().meta({ description: 'Recovery codes not yet used (0 while it is off).' }),
  }),
);

export const TotpStartedSchema = dataOf(
  z.strictObject({
    secret: z.string().meta({ description: 'The new key in base32, for typing into an app by hand. Shown in this answer only.' }),
    uri: z.string().meta({
      description: 'The `otpauth://totp/…` URI the QR code carries (issuer palpanel, the user name, SHA1, 6 digits, 30 s).',
    }),
  }),
);

export const RecoveryCodesSchema = dataOf(
  z.strictObject({
    recoveryCodes: z.array(z.string()).meta({
      description: 'Ten single-use codes, each good once in place of an app code. Shown in this answer only; palpanel keeps their hashes.',
    }),
  }),
);

export const ChangePasswordRequestSchema = z.strictObject({
  current: z.string().meta({ description: 'The password this user signs in with now.' }),
  password: z.string().meta({ description: PASSWORD_RULE }),
});
