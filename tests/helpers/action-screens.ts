// Where each server action's form is, for both tiers' transports (tests/helpers/transport-*.ts).

/** The back office's and the sign-in pages' action files (filed by feature, issue 36). */
export const ADMIN_ACTION_FILES = [
  'lib/admin/item-actions.ts',
  'lib/admin/user-actions.ts',
  'lib/admin/account-actions.ts',
  'lib/settings/actions.ts',
  'lib/activity/actions.ts',
  'lib/auth/actions.ts',
  'lib/backups/actions.ts',
  'lib/redirects/actions.ts',
] as const;
/**
 * The screen each action's form is on, as staff and visitors meet it: an action is posted through
 * it (Next finds an action only through a page that uses it, and each back-office screen is a
 * route of its own with its own actions). A file's screen, then the actions whose form is elsewhere.
 */
const SCREEN_OF_FILE: Record<(typeof ADMIN_ACTION_FILES)[number] | 'lib/inquiries/actions.ts', string> = {
  'lib/admin/item-actions.ts': '/Admin/CreateTeam',
  'lib/admin/user-actions.ts': '/Admin/Users',
  'lib/admin/account-actions.ts': '/Admin/Account',
  'lib/settings/actions.ts': '/Admin/Settings',
  'lib/activity/actions.ts': '/Admin/Activity',
  'lib/auth/actions.ts': '/LogIn',
  'lib/backups/actions.ts': '/Admin/Backups',
  'lib/redirects/actions.ts': '/Admin/Redirects/New',
  // A lead's screen (its id need not exist: the action runs, the screen says "not found").
  'lib/inquiries/actions.ts': '/Admin/Inquiry/1',
};
const SCREEN_OF_ACTION: Record<string, string> = {
  deleteItem: '/Admin/Teams',
  moveSlide: '/Admin/Slider',
  moveSlideTo: '/Admin/Slider',
  loginWithCode: '/LogIn/Code',
  register: '/SignUp',
  logout: '/Admin',
  endSession: '/Admin',
  requestPasswordReset: '/ForgotPassword',
  resetPasswordWithLink: '/ResetPassword',
  acceptInvite: '/Invitation',
  createFirstAdmin: '/Setup',
  startQuote: '/ContactUs',
  submitQuote: '/ContactUs',
  // A redirect's own screen (its id need not exist: the action runs, the screen says "not found").
  deleteRedirectForm: '/Admin/Redirects/1',
  savePageSeoForm: '/Admin/Seo/home',
};

/** The screen to post an action through (its form's page), given the file that exports it. */
export function screenOfAction(name: string, file: string | undefined): string {
  if (Object.hasOwn(SCREEN_OF_ACTION, name)) return SCREEN_OF_ACTION[name]!;
  const screen = file && Object.hasOwn(SCREEN_OF_FILE, file) ? SCREEN_OF_FILE[file as keyof typeof SCREEN_OF_FILE] : undefined;
  if (!screen) throw new Error(`no screen known for the action ${name}`);
  return screen;
}
