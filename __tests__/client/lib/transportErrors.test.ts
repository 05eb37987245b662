import { transportErrorMessage } from '../../../src/client/lib/transportErrors.js';

describe('transport error catalogue (spec section 8)', () => {
  it.each([
    [{ type: 'INVALID_TOKEN', status: 401 }, { id: 'TRANSPORT.UNAUTHORIZED' }],
    [{ type: 'HTTP_ERROR', status: 501 }, { id: 'TRANSPORT.API_KEY_INVALID' }],
    [{ type: 'CONNECTION_FAILED', status: 600 }, { id: 'TRANSPORT.SERVER_NOT_RUNNING' }],
    [
      { type: 'NOT_FOUND', status: 404 },
      { id: 'TRANSPORT.NOT_FOUND', notFound: true },
    ],
    [
      { type: 'CONFLICT', status: 409 },
      { id: 'TRANSPORT.HTTP_ERROR', values: { status: 409 } },
    ],
    [
      { type: 'FORBIDDEN', status: 403 },
      { id: 'TRANSPORT.HTTP_ERROR', values: { status: 403 } },
    ],
    [{ type: 'INTERNAL', status: 500 }, { id: 'TRANSPORT.INTERNAL' }],
    [{ type: 'UNAVAILABLE', status: 503 }, { id: 'TRANSPORT.UNAVAILABLE' }],
    [{ type: 'HTTP_ERROR', status: 503 }, { id: 'TRANSPORT.UNAVAILABLE' }],
    [{ type: 'HTTP_ERROR', status: 502 }, { id: 'TRANSPORT.INTERNAL' }],
    [{ type: 'EMPTY_RESPONSE', status: 200 }, { id: 'TRANSPORT.EMPTY_RESPONSE' }],
  ] as const)('maps %j', (error, message) => {
    expect(transportErrorMessage(error)).toEqual(message);
  });

  it('leaves validation errors to the screen and expired tokens to the refresh', () => {
    expect(transportErrorMessage({ type: 'VALIDATION', status: 422 })).toBeNull();
    expect(transportErrorMessage({ type: 'EXPIRED_ACCESS_TOKEN', status: 401 })).toBeNull();
  });
});
