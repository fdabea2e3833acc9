import { z } from 'zod';
import { messageSchema } from '../common';
import { route } from '../route';

export const loginRequestSchema = z.object({
  username: z.string({ error: 'username must be a string' }).trim().min(1, { error: 'username is required' }).max(200),
  password: z.string({ error: 'password must be a string' }).min(1, { error: 'password is required' }).max(500),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const userSchema = z.object({ id: z.string(), username: z.string() });
export type User = z.infer<typeof userSchema>;

export const loginResponseSchema = z.object({ token: z.string(), user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Tells the login screen whether to show the demo credentials hint. */
export const authConfigSchema = z.object({
  demo: z.boolean(),
  demoCredentials: z.object({ username: z.string(), password: z.string() }).optional(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

/** Claims of the staff token every service verifies. */
export const tokenClaimsSchema = z.object({ sub: z.string(), username: z.string(), jti: z.string(), exp: z.number() });
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

const tag = 'Auth';
export const authRoutes = {
  login: route({
    method: 'post',
    path: '/api/auth/login',
    service: 'auth',
    access: 'public',
    tag,
    summary: 'Sign in as staff',
    body: loginRequestSchema,
    response: loginResponseSchema,
    errors: { 401: 'Wrong username or password' },
  }),
  me: route({ method: 'get', path: '/api/auth/me', service: 'auth', access: 'admin', tag, summary: 'The signed-in staff user', response: userSchema }),
  logout: route({
    method: 'post',
    path: '/api/auth/logout',
    service: 'auth',
    access: 'admin',
    tag,
    summary: 'Sign out: the token is revoked everywhere',
    response: messageSchema,
  }),
  config: route({
    method: 'get',
    path: '/api/auth/config',
    service: 'auth',
    access: 'public',
    tag,
    summary: 'Whether the server runs in demo mode (login hint)',
    response: authConfigSchema,
  }),
} as const;
