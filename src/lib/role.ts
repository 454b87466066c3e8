// Panel roles (spec: Authentication; interface.md): an admin may change things, a viewer only
// reads. Defined once; the store validates with it and the HTTP schemas derive their enum from it.

export const ROLES = ['admin', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (v: unknown): v is Role => typeof v === 'string' && (ROLES as readonly string[]).includes(v);
