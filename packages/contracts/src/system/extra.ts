// Enterprises, dictionary, configuration and QR sign-in contracts.
export {};
