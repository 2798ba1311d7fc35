import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { callApi } from './client';

export const tokensSchema = z.object({ accessToken: z.string(), refreshToken: z.string(), expiresIn: z.number() });
export type Tokens = z.infer<typeof tokensSchema>;

export const signInResultSchema = z.discriminatedUnion('status', [
  tokensSchema.extend({ status: z.literal('SIGNED_IN') }),
  z.object({ status: z.literal('NEW_PASSWORD_REQUIRED'), session: z.string() }),
]);
export type SignInResult = z.infer<typeof signInResultSchema>;

const nothing = z.unknown();

export const identityApi = {
  signIn: (context: AppLoadContext, email: string, password: string) =>
    callApi(context, '/px-api-gateway/identity/sign-in', {
      method: 'POST',
      body: { email, password },
      schema: signInResultSchema,
    }),

  completeNewPassword: (context: AppLoadContext, session: string, newPassword: string) =>
    callApi(context, '/px-api-gateway/identity/new-password', {
      method: 'POST',
      body: { session, newPassword },
      schema: tokensSchema,
    }),

  refresh: (context: AppLoadContext, refreshToken: string) =>
    callApi(context, '/px-api-gateway/identity/refresh', {
      method: 'POST',
      body: { refreshToken },
      schema: tokensSchema,
    }),

  signOut: (context: AppLoadContext, refreshToken: string) =>
    callApi(context, '/px-api-gateway/identity/sign-out', { method: 'POST', body: { refreshToken }, schema: nothing }),

  forgotPassword: (context: AppLoadContext, email: string) =>
    callApi(context, '/px-api-gateway/identity/forgot-password', { method: 'POST', body: { email }, schema: nothing }),

  resetPassword: (context: AppLoadContext, email: string, code: string, newPassword: string) =>
    callApi(context, '/px-api-gateway/identity/reset-password', {
      method: 'POST',
      body: { email, code, newPassword },
      schema: nothing,
    }),
};
