import type { NextConfig } from 'next';

// The Content-Security-Policy is set per request by proxy.ts, with a fresh script nonce.
const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The mail libraries load optional modules at run time; Node resolves them, not the bundler.
  // prom-client: one copy in the process, shared with scripts/http-metrics.mjs.
  serverExternalPackages: ['better-sqlite3', 'imapflow', 'mailparser', 'prom-client'],
  // forbidden() gives staff on an owner page a real 403.
  experimental: { authInterrupts: true },
  // `npm test` type-checks in a stage of its own beside the build and stops the run on an error
  // (scripts/test-all.mjs), so its build skips the second, identical check. Every other build
  // checks the types itself.
  typescript: { ignoreBuildErrors: process.env.SKIP_BUILD_TYPECHECK === '1' },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'no-referrer' },
          { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
        ],
      },
      {
        // The "Ask us" panel is framed by the bakery's own websites: its CSP's frame-ancestors
        // (proxy.ts) names them, and an X-Frame-Options of DENY would contradict it.
        source: '/:path((?!widget$|widget/).*)',
        headers: [{ key: 'X-Frame-Options', value: 'DENY' }],
      },
    ];
  },
};

export default nextConfig;
