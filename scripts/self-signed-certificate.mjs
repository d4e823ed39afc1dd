// A throwaway certificate for 127.0.0.1 and localhost, for running the server over HTTPS in the
// browser tests and the benchmarks (TLS_CERT_FILE, TLS_KEY_FILE). Made with the openssl command,
// which .ci/run installs: Node can use certificates but not make them.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** Writes `certificate.pem` and `key.pem` into `dir` and returns their paths. */
export function selfSignedCertificate(dir) {
  const certFile = path.join(dir, 'certificate.pem');
  const keyFile = path.join(dir, 'key.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      // RSA, the common kind, with which a server could also agree keys without forward secrecy
      // (the browser tests check it does not).
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { encoding: 'utf8' },
  );
  if (made.error || made.status !== 0) {
    throw new Error(`openssl could not make a certificate: ${made.error?.message ?? made.stderr}`);
  }
  return { certFile, keyFile };
}
