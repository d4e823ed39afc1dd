import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('TRUST_PROXY', () => {
  const trustProxy = (value?: string) =>
    loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;

  it('believes no forwarded address unless told', () => {
    expect(trustProxy()).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('0')).toBe(false);
  });

  it('takes true as one proxy in front, never as every entry of the header', () => {
    expect(trustProxy('true')).toBe('one-hop');
    expect(trustProxy('1')).toBe('one-hop');
  });

  it('takes the addresses and subnets of the proxies', () => {
    expect(trustProxy('10.0.0.0/8, 127.0.0.1,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('stops the server on anything else', () => {
    for (const value of ['maybe', '10.0.0.0/8/1', 'proxy.example.com', '10.0.0/8']) {
      expect(() => trustProxy(value), value).toThrow(
        'TRUST_PROXY: TRUST_PROXY must be true, false, or the addresses or subnets of the proxies (comma-separated)',
      );
    }
  });
});

describe('TLS_CERT_FILE and TLS_KEY_FILE', () => {
  it('serves plain HTTP unless both are set', () => {
    const plain = loadConfig({});
    expect([plain.TLS_CERT_FILE, plain.TLS_KEY_FILE]).toEqual([undefined, undefined]);
    expect(loadConfig({ TLS_CERT_FILE: 'cert.pem', TLS_KEY_FILE: 'key.pem' })).toMatchObject({
      TLS_CERT_FILE: 'cert.pem',
      TLS_KEY_FILE: 'key.pem',
    });
  });

  it('stops the server when only one is set', () => {
    for (const env of [{ TLS_CERT_FILE: 'cert.pem' }, { TLS_KEY_FILE: 'key.pem' }]) {
      expect(() => loadConfig(env)).toThrow(
        'TLS_CERT_FILE: TLS_CERT_FILE and TLS_KEY_FILE go together: set both for HTTPS, or neither',
      );
    }
  });
});
