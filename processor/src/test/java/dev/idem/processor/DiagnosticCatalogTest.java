package dev.idem.processor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idem.processor.base.Diagnostic;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.Diagnostic.Kind;
import org.junit.jupiter.api.Test;

/** The diagnostics table of docs/writing-tools.md lists exactly the catalog, with each diagnostic's kind. */
class DiagnosticCatalogTest {
    private static final Pattern ID = Pattern.compile("\\[Idem/(\\w+)]");

    /** Id to kind, from the table: a row whose first cell starts with "warning" lists warnings. */
    private static Map<String, Kind> readmeTable() {
        Map<String, Kind> ids = new TreeMap<>();
        for (String line : DocPage.section("docs/writing-tools.md", "## Compile-time diagnostics")) {
            var cells = DocPage.cells(line);
            if (cells.isEmpty()) {
                continue;
            }
            Kind kind = cells.get(0).startsWith("warning") ? Kind.WARNING : Kind.ERROR;
            Matcher id = ID.matcher(cells.get(0));
            while (id.find()) {
                ids.put(id.group(1), kind);
            }
        }
        return ids;
    }

    @Test
    void everyDiagnosticIdOfTheCatalogIsInTheReadmeTableWithItsKind() {
        Map<String, Kind> catalog = new TreeMap<>();
        Arrays.stream(Diagnostic.values()).forEach(diagnostic -> catalog.put(diagnostic.id(), diagnostic.kind()));
        assertThat(readmeTable()).isEqualTo(catalog);
    }

    @Test
    void idsAreStableCamelCaseOfTheConstantName() {
        assertThat(Diagnostic.STRICT_INCOMPATIBLE.id()).isEqualTo("StrictIncompatible");
        assertThat(Diagnostic.STRICT_INCOMPATIBLE.format("t", "why")).startsWith("[Idem/StrictIncompatible] tool 't'");
    }
}
