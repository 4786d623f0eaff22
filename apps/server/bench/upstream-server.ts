// A local upstream provider in its own process, for the benchmarks: prints its base URL, then serves.
import { startUpstreamStub } from '../test/upstream-stub.ts';

const stub = await startUpstreamStub();
process.stdout.write(`${stub.baseUrl}\n`);
process.on('SIGTERM', () => {
  void stub.close().then(() => process.exit(0));
});
