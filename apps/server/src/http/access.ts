/** Route access marks: every API route carries exactly one (plugins/authenticate.ts refuses a route without). */
export const publicRoute = { public: true } as const;
/** Any signed-in user may call it; what it answers is limited by the caller's own data scope. */
export const signedIn = { signedIn: true } as const;
