// `/map` (spec: Map dataset): our own dataset in assets/map/map.json, imported as JSON so the
// bundler puts it into the single executable. Checked against the schema once, at load.
import mapJson from '../../../assets/map/map.json' with { type: 'json' };
import { MapDatasetSchema, type MapDataset } from '../../contract/integration-rows.js';

export const MAP_DATASET: MapDataset = MapDatasetSchema.parse(mapJson);
