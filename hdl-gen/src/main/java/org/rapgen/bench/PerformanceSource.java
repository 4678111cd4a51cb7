package org.rapgen.bench;

import java.nio.file.Path;
import java.util.Optional;
import org.rapgen.config.DesignConfig;

/**
 * A benchmark that provides one figure of docs/performance.md. The report finds it by class name, so it can name a
 * figure's source before that class exists, and print "not measured yet (needs ...)" until it does.
 */
public interface PerformanceSource {
    /** The figure for this configuration, with its unit ("2.1 M events/s"); empty where it does not apply. */
    Optional<String> measure(DesignConfig config, Path root) throws Exception;
}
