// Timestamps are RFC 3339 in UTC with milliseconds everywhere (interface.md, Decisions).
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
export const iso = (d: Date): string => d.toISOString();
