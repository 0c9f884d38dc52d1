package dev.idem.processor.validation;

import com.sun.source.tree.AnnotationTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import dev.idem.processor.base.Diagnostic;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;

/**
 * Finds {@code @Tool} methods in local and anonymous classes. javac does not hand those to
 * processors (they live inside method bodies), so without this scan they would be silently
 * ignored. Reads source trees; on compilers without the tree API it does nothing.
 */
public final class LocalClassScanner {
    private final ProcessingEnvironment env;
    private final Trees trees;
    private final List<CompilationUnitTree> scanned = new ArrayList<>();

    /**
     * A scanner reporting through {@code env}'s messager.
     *
     * @param env the processing environment
     */
    public LocalClassScanner(ProcessingEnvironment env) {
        this.env = env;
        Trees found;
        try {
            found = Trees.instance(env);
        } catch (RuntimeException | LinkageError notJavac) {
            found = null;
        }
        this.trees = found;
    }

    /**
     * Reports each {@code @Tool} method of a local or anonymous class; returns whether any was found.
     *
     * @param roots the round's root elements
     * @return whether any {@code @Tool} method of a local or anonymous class was found
     */
    public boolean scan(Set<? extends Element> roots) {
        if (trees == null) {
            return false;
        }
        boolean found = false;
        for (Element root : roots) {
            TreePath path = trees.getPath(root);
            if (path == null) {
                continue;
            }
            CompilationUnitTree unit = path.getCompilationUnit();
            if (scanned.stream().anyMatch(seen -> seen == unit)) {
                continue;
            }
            scanned.add(unit);
            Finder finder = new Finder(unit);
            finder.scan(unit, null);
            found |= finder.found;
        }
        return found;
    }

    private final class Finder extends TreePathScanner<Void, Void> {
        private final CompilationUnitTree unit;
        private boolean found;

        Finder(CompilationUnitTree unit) {
            this.unit = unit;
        }

        @Override
        public Void visitMethod(MethodTree method, Void unused) {
            Tree parent = getCurrentPath().getParentPath().getLeaf();
            if (parent instanceof ClassTree && isLocal(getCurrentPath().getParentPath())) {
                for (AnnotationTree annotation : method.getModifiers().getAnnotations()) {
                    String name = annotation.getAnnotationType().toString();
                    if (name.equals("Tool") || name.equals("dev.idem.Tool")) {
                        trees.printMessage(javax.tools.Diagnostic.Kind.ERROR, Diagnostic.LOCAL_TOOL_CLASS.format(),
                                method, unit);
                        found = true;
                    }
                }
            }
            return super.visitMethod(method, unused);
        }

        /** A class whose enclosing tree is neither a class nor the compilation unit is local or anonymous. */
        private boolean isLocal(TreePath classPath) {
            Tree enclosing = classPath.getParentPath().getLeaf();
            return !(enclosing instanceof ClassTree) && !(enclosing instanceof CompilationUnitTree);
        }
    }
}
