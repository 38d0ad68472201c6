"""The request cycle: this browser's match, the one commit path, the clock."""
