// Test scaffolding of modules/auth for other modules' tests; never imported by production code.
export {
  getMe,
  handleResetRequests,
  loginRequest,
  mailsTo,
  makeCustomer,
  sessionCookie,
  signIn,
  type TestCustomer,
  tokenFromMail,
} from './test-helpers.ts';
