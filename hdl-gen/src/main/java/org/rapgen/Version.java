package org.rapgen;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The generator version, from the Maven build (written into every generated file and manifest). */
public final class Version {
    private static final String VERSION = load();

    private Version() {}

    public static String get() {
        return VERSION;
    }

    private static String load() {
        try (InputStream in = Version.class.getResourceAsStream("/org/rapgen/version.properties")) {
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (IOException | NullPointerException e) {
            throw new IllegalStateException("version.properties missing from the build", e);
        }
    }
}
