// A row of the pal explorer (GET /api/v1/pals): the pal with its owner, its condenser stars and,
// for an unknown placement, why.
import type { RowOf } from '../../api/operations';

export type ExplorerPal = RowOf<'panelListPals'>;
