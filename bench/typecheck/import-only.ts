// Loads the client's types and creates a client, without calling any operation.
import { createPlatformClient } from '@vendor/api-client';

export const platform = createPlatformClient({ baseUrl: 'https://api.vendor.example', gatewayBaseUrl: 'https://gateway.vendor.example', token: 'token' });
