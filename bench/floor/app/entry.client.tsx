// The shop's own entry: the floor hydrates as the shop does (in one task, with its instrumentation).
import "#app/entry.client.tsx";
