package dev.idem.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * {@code @Tool(requiresApproval, approvalWhen, approvers)}: each misuse is an error with its own id on
 * the line of the annotation value at fault; a well-formed declaration reaches the generated
 * descriptor, its condition created with {@code new}.
 */
class ApprovalDeclarationTest {

    private static JavaFileObject bank(String... toolLines) {
        String[] lines = new String[12 + toolLines.length];
        lines[0] = "package test;";
        lines[1] = "import dev.idem.*;";
        lines[2] = "/** Bank tools. */";
        lines[3] = "public class Bank {";
        lines[4] = "    /** Over a limit. */";
        lines[5] = "    public static final class Large implements ApprovalCondition {";
        lines[6] = "        public boolean requiresApproval(Arguments a) { return a.longValue(\"cents\") > 100; }";
        lines[7] = "    }";
        lines[8] = "    /** Not creatable. */";
        lines[9] = "    public abstract static class Abstract implements ApprovalCondition { }";
        System.arraycopy(toolLines, 0, lines, 10, toolLines.length);
        lines[10 + toolLines.length] = "    public long transfer(long cents) { return cents; }";
        lines[11 + toolLines.length] = "}";
        return Compile.source("test.Bank", lines);
    }

    private static void assertErrorOnLine(String id, int line, JavaFileObject source) {
        Compilation compilation = Compile.compile(source);
        assertThat(compilation).failed();
        assertThat(compilation).hadErrorContaining("[Idem/" + id + "]").inFile(source).onLine(line);
    }

    @Test
    void conditionWithoutTheRequirementIsAnErrorOnTheCondition() {
        assertErrorOnLine("ApprovalWithoutRequirement", 13, bank("    /** Pays. */", "    @Tool(",
                "          approvalWhen = Large.class)"));
    }

    @Test
    void approversWithoutTheRequirementIsAnError() {
        assertErrorOnLine("ApprovalWithoutRequirement", 13, bank("    /** Pays. */", "    @Tool(",
                "          approvers = \"treasury\")"));
    }

    @Test
    void conditionTheGeneratedCodeCannotCreateIsAnErrorOnTheCondition() {
        assertErrorOnLine("ApprovalConditionNotInstantiable", 14, bank("    /** Pays. */",
                "    @Tool(requiresApproval = true,", "", "          approvalWhen = Abstract.class)"));
    }

    @Test
    void theInterfaceItselfAsConditionIsAnError() {
        assertErrorOnLine("ApprovalConditionNotInstantiable", 13, bank("    /** Pays. */",
                "    @Tool(requiresApproval = true,", "          approvalWhen = ApprovalCondition.class)"));
    }

    @Test
    void blankApproverIsAnError() {
        assertErrorOnLine("BlankApprover", 13, bank("    /** Pays. */", "    @Tool(requiresApproval = true,",
                "          approvers = {\"treasury\", \" \"})"));
    }

    @Test
    void wellFormedDeclarationReachesTheDescriptorWithItsConditionCreatedByNew() {
        JavaFileObject source = bank("    /** Pays. */",
                "    @Tool(requiresApproval = true, approvalWhen = Large.class, approvers = \"treasury\")");
        Compilation compilation = Compile.compile(source);
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).generatedSourceFile("test.Bank_ToolSet").contentsAsUtf8String()
                .contains(".requiresApproval(new Bank.Large())");
        assertThat(compilation).generatedSourceFile("test.Bank_ToolSet").contentsAsUtf8String()
                .contains(".approvers(\"treasury\")");
    }

    @Test
    void requirementWithoutConditionAsksForEveryCall() {
        Compilation compilation = Compile.compile(bank("    /** Pays. */", "    @Tool(requiresApproval = true)"));
        assertThat(compilation).succeededWithoutWarnings();
        assertThat(compilation).generatedSourceFile("test.Bank_ToolSet").contentsAsUtf8String()
                .contains(".requiresApproval(ApprovalCondition.ALWAYS)");
    }
}
