// Settings every test process starts with; a test that needs others sets them itself.
process.env.AUTH_SECRET ??= "test-secret-test-secret-test-secret-0123456789";
process.env.APP_URL ??= "http://localhost:3000";
process.env.LOG_LEVEL ??= "silent";
