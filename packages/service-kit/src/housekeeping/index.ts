export {
  createHousekeepingModule,
  HOUSEKEEPING_QUEUE,
  HOUSEKEEPING_QUEUE_SETTINGS,
  Housekeeping,
  HousekeepingModule,
  readHousekeepingConfig,
  withHousekeeping,
  type HousekeepingConfig,
  type HousekeepingJobs,
  type HousekeepingModuleOptions,
  type HousekeepingTask,
} from './housekeeping.js';
