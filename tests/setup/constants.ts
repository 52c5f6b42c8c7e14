export const TEST_ADMIN = { email: 'admin@example.com', password: 'correct-horse-battery-staple' };
/** Signs the test apps' access tokens (tests forge tokens with it and with other keys). */
export const TEST_JWT_SECRET = 'test-jwt-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
