/**
 * The staff as the rest of the orders service sees them: the module, who is signed in, adding a
 * colleague (the back office's command line), and production's rule on two-factor sign-in.
 */
export { StaffModule } from './staff.module.js';
export { StaffController } from './staff.controller.js';
export { StaffSessions, type SignedInStaff } from './sessions/staff-sessions.js';
export { StaffSetup } from './setup/staff-setup.js';
export { anyActiveStaff } from './members/staff-members.js';
export { productionStaffTotpKey, productionStaffTwoFactor, readStaffConfig, STAFF_CONFIG, TOTP_KEY_VARIABLE } from './staff-config.js';
