package dev.idem.processor.base;

import com.palantir.javapoet.ClassName;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;

/** The one rule naming generated tool sets: {@code Outer.Inner} -> {@code Outer_Inner_ToolSet}. */
public final class ToolClasses {

    private ToolClasses() {}

    /**
     * The generated tool set's name for {@code type}.
     *
     * @param type the annotated class
     * @return the tool set's class name
     */
    public static ClassName toolSetName(TypeElement type) {
        List<String> names = new ArrayList<>();
        Element current = type;
        while (current instanceof TypeElement) {
            names.add(current.getSimpleName().toString());
            current = current.getEnclosingElement();
        }
        Collections.reverse(names);
        while (!(current instanceof PackageElement)) {
            current = current.getEnclosingElement();
        }
        PackageElement pkg = (PackageElement) current;
        return ClassName.get(pkg.getQualifiedName().toString(), String.join("_", names) + "_ToolSet");
    }
}
