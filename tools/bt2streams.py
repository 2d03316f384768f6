# SPDX-License-Identifier: EPL-2.0
"""Reads a CTF trace with babeltrace2's CTF source one stream at a time, without the muxer, whose ordering check
refuses streams whose packets overlap in time (LTTng's bug, which the source reads past within a stream).
Shared by tools/ctf-suites.py and tools/kernel-suites.py."""

import os
import sys


def bt2_module():
    """babeltrace2's Python bindings, or None without them (Debian: python3-bt2)."""
    try:
        import bt2  # noqa: PLC0415
    except ImportError:
        debian = "/usr/lib/python3/dist-packages"
        if debian in sys.path or not os.path.isdir(os.path.join(debian, "bt2")):
            return None
        sys.path.append(debian)
        try:
            import bt2  # noqa: PLC0415
        except ImportError:
            return None
    return bt2


def each_event(bt2, trace, on_event):
    """Calls on_event(stream index, event message) for every event, stream after stream, each in its order;
    raises bt2's error when a stream cannot be read."""
    graph = bt2.Graph()
    source = graph.add_component(bt2.find_plugin("ctf").source_component_classes["fs"], "source", params={"inputs": [str(trace)]})
    ports = list(source.output_ports.values())

    class Sink(bt2._UserSinkComponent):
        def __init__(self, config, params, obj):
            for i in range(len(ports)):
                self._add_input_port("in%d" % i)
            self._iterators = []

        def _user_graph_is_configured(self):
            self._iterators = [self._create_message_iterator(port) for port in self._input_ports.values()]

        def _user_consume(self):
            if not self._iterators:
                raise bt2.Stop
            stream = len(ports) - len(self._iterators)
            for message in self._iterators.pop(0):
                if type(message) is bt2._EventMessageConst:
                    on_event(stream, message)

    sink = graph.add_component(Sink, "sink")
    for i, port in enumerate(ports):
        graph.connect_ports(port, sink.input_ports["in%d" % i])
    graph.run()
