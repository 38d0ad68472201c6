"""The views: what a page, an API answer, a stream and text mode show a viewer."""
