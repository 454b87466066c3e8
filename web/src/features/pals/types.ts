// A row of the pal explorer (GET /api/v1/pals): the pal with its owner, its condenser stars and,
// for an unknown placement, why.
import type { z } from 'zod';
import type { PanelPalSchema } from '../../../../src/contract/panel/pals';

export type ExplorerPal = z.output<typeof PanelPalSchema>;
