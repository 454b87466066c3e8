// Signing in and out, and who is signed in: the panel API's auth operations, typed by the contract.
import { call } from '../../api/operations';

export const getMe = () => call('me');
export const login = (username: string, password: string, code?: string) =>
  call('login', { body: { username, password, ...(code ? { code } : {}) } });
export const logout = () => call('logout');
export const authSetup = () => call('authSetup');
