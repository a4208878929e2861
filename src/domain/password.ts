/** Password rule of spec 01 §5: 4 to 12 characters, letters and digits only, containing both. */
export function isValidPassword(password: string): boolean {
  return /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{4,12}$/.test(password);
}
