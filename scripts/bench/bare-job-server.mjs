// The yardstick for GET /job/{id}: bare Fastify answering the same JSON from memory, nothing else.
// Plain JavaScript on purpose, so that no loader or plugin stands between it and the machine.
import Fastify from 'fastify';

// The object, as a bare handler would return it (Fastify serializes it per request), like the baseline.
const [port, job] = [Number(process.argv[2]), JSON.parse(process.argv[3])];
const app = Fastify({ logger: false });
app.get('/job/:id', async () => job);
await app.listen({ host: '127.0.0.1', port });
console.log('ready');
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
