export const TEST_ADMIN = { email: 'admin@example.com', password: 'correct-horse-battery-staple' };
