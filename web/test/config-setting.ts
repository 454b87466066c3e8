// One game setting as GET /config answers it (ExpRate, a float in 0.1–20, in the rates group),
// for the config screen's tests; each test overrides what it is about.
import type { ConfigSetting } from '../src/types';

export const setting = (over: Partial<ConfigSetting>): ConfigSetting => ({
  key: 'ExpRate',
  value: 1,
  known: true,
  type: 'float',
  default: '1.000000',
  min: 0.1,
  max: 20,
  values: null,
  description: 'Experience gained.',
  name: 'Experience',
  group: 'rates',
  secret: false,
  isSet: null,
  locked: null,
  effective: null,
  worldOption: null,
  ...over,
});
