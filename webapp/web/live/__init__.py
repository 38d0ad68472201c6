"""The live streams: the hub that every stream of a process waits on."""
