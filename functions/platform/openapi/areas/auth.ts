import { z } from 'zod';
import { messageAnswerSchema } from '../../../contract/messages';
import { publicUserSchema } from '../../../contract/users';
import { created, ok, type AreaDescriptions } from '../route-description';

const said = (description: string) => ok(messageAnswerSchema, description);

/** Accounts: sign-up, sign-in and out, the profile, verification and password recovery (cookie sessions only). */
export const authRoutes: AreaDescriptions = {
  'POST /api/register': {
    summary: 'Create an account',
    operationId: 'register',
    success: created(z.object({ message: z.string(), email: z.string() }), 'Registered; a verification code was mailed.'),
    errors: [409, 429],
  },
  'POST /api/login': {
    summary: 'Sign in',
    description: 'Starts a cookie session (`rs_sid`). Send the CSRF token first (`GET /api/csrf-token`).',
    operationId: 'login',
    success: ok(publicUserSchema, 'Signed in: the user.'),
    errors: [401, 429],
  },
  'POST /api/logout': { summary: 'Sign out', operationId: 'logout', success: said('Signed out (the cookies are cleared).') },
  'GET /api/user': { summary: 'Get the signed-in user', operationId: 'getUser', success: ok(publicUserSchema, 'The user, with usage and settings.') },
  'PATCH /api/user': {
    summary: 'Change profile settings',
    description: 'Name, voice, caption look, language and the like; email, username and plan cannot change here.',
    operationId: 'updateUser',
    success: ok(publicUserSchema, 'The user as saved.'),
  },
  'POST /api/verify-email-code': { summary: 'Verify an email with its code', operationId: 'verifyEmailCode', success: said('Verified.'), errors: [429] },
  'GET /api/verify-email': { summary: 'Verify an email with its link', operationId: 'verifyEmailLink', success: said('Verified.') },
  'POST /api/resend-verification-code': {
    summary: 'Send the verification code again',
    operationId: 'resendVerificationCode',
    success: said('Sent if an unverified account exists.'),
    errors: [429],
  },
  'POST /api/resend-verification': {
    summary: 'Send the verification link again',
    operationId: 'resendVerificationLink',
    success: said('Sent if an unverified account exists.'),
    errors: [429],
  },
  'POST /api/forgot-password': {
    summary: 'Ask for a password reset code',
    operationId: 'forgotPassword',
    success: said('Sent if the account exists.'),
    errors: [429],
  },
  'POST /api/verify-reset-code': { summary: 'Check a password reset code', operationId: 'verifyResetCode', success: said('The code is right.'), errors: [429] },
  'POST /api/reset-password-with-code': {
    summary: 'Reset the password with a code',
    description: 'Ends every session of the account.',
    operationId: 'resetPasswordWithCode',
    success: said('The password is changed.'),
    errors: [429],
  },
  'POST /api/reset-password': {
    summary: 'Reset the password with a link',
    description: 'Ends every session of the account.',
    operationId: 'resetPasswordWithLink',
    success: said('The password is changed.'),
    errors: [429],
  },
};
