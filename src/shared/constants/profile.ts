/** Profile constants of the API contract without its schemas: what the client imports. */

/** The longest display name, and first or last name, a profile keeps (the forms stop typing there). */
export const MAX_DISPLAY_NAME = 100;
export const MAX_PERSON_NAME = 100;
