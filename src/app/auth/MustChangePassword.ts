/** Sign-in succeeded with a generated password: the user must choose a new one first. */
export class MustChangePassword extends Error {
  constructor() {
    super('Choose a new password: the one you signed in with was generated and shown once.');
    this.name = 'MustChangePassword';
  }
}
