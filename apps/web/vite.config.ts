import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import type { ServerResponse } from 'node:http';
import { loadPortalConfig } from './server/config';
import { renderConfigScript } from './src/config/runtime-config-schema';

/** In `vite dev` / `vite preview` there is no portal server, so answer GET /config.js here the same way. */
function portalConfigScript(): Plugin {
  const send = (res: ServerResponse) => {
    res.setHeader('Content-Type', 'application/javascript; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.end(renderConfigScript(loadPortalConfig().runtime));
  };
  return {
    name: 'careers-portal-config-script',
    configureServer(server) {
      server.middlewares.use('/config.js', (_req, res) => send(res));
    },
    configurePreviewServer(server) {
      server.middlewares.use('/config.js', (_req, res) => send(res));
    },
  };
}

export default defineConfig({
  plugins: [react(), portalConfigScript()],
  server: { port: 3000, strictPort: true },
  build: { target: 'es2022', sourcemap: true },
});
