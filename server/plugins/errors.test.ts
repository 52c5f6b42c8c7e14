import { describe, expect, it } from 'vitest';
import { isApiPath, readableMessage } from './errors.ts';

describe('readableMessage', () => {
  it.each([
    [['refreshToken'], 'Invalid input: expected string, received undefined', 'refreshToken is required.'],
    [['user', 'email'], 'Invalid input: expected string, received number', 'user.email must be text.'],
    [['items'], 'Invalid input: expected array, received string', 'items must be a list.'],
    [[], 'Invalid input: expected object, received undefined', 'The request needs a JSON body.'],
    [['Username'], 'Please enter your username.', 'Please enter your username.'],
  ])('%j: %s', (path, message, expected) => {
    expect(readableMessage(message, path)).toBe(expected);
  });
});

describe('isApiPath', () => {
  it.each([
    ['/api/forms/add', true],
    ['/auth/login', true],
    ['/auth?x=1', true],
    ['/api', true],
    ['/authors', false],
    ['/apiary', false],
    ['/about', false],
  ])('%s → %s', (url, expected) => {
    expect(isApiPath(url)).toBe(expected);
  });
});
