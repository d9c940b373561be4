/** Password strength as the spec defines it; the same check runs in the sign-up form and the server. */

export const PASSWORD_MIN_LENGTH = 8;

export type PasswordProblem = 'missingNumber' | 'missingLowercase' | 'missingUppercase' | 'missingSpecial' | 'tooShort';

export function passwordProblems(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (!/\d/.test(password)) problems.push('missingNumber');
  if (!/[a-z]/.test(password)) problems.push('missingLowercase');
  if (!/[A-Z]/.test(password)) problems.push('missingUppercase');
  if (!/[^A-Za-z0-9]/.test(password)) problems.push('missingSpecial');
  if (password.length < PASSWORD_MIN_LENGTH) problems.push('tooShort');
  return problems;
}

export function isStrongPassword(password: string): boolean {
  return passwordProblems(password).length === 0;
}
