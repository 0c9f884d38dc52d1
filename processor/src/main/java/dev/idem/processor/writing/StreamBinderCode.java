package dev.idem.processor.writing;

import static dev.idem.processor.writing.Names.ARGUMENT_STREAM;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import dev.idem.processor.base.SequenceKind;
import dev.idem.processor.model.Constraints;
import dev.idem.processor.model.NamedType;
import dev.idem.processor.model.PropertyModel;
import dev.idem.processor.model.TypeModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.Modifier;

/**
 * Writes the code that binds arguments straight from the parser: for each object, locals for its
 * properties, one loop over the properties with a {@code case} each, then the required checks;
 * one {@code stream<Type>} method per named type. It defers to the tree binder on anything it
 * does not bind itself ({@code ArgumentStream} throws), so it needs no messages or paths. Ranges,
 * lengths, patterns (within the call's deadline), formats and item counts it checks with the tree
 * binder's own {@code ArgumentReader} methods (a refused value hands the call to the tree binder,
 * which says what was wrong); sets are the tree binder's. Its constants are {@link BinderCode}'s.
 */
final class StreamBinderCode {
    private final BinderCode shared;

    StreamBinderCode(BinderCode shared) {
        this.shared = shared;
    }

    /**
     * The statements that bind {@code properties} from {@code in} (on the object's start) into
     * locals named {@link Names#local}; afterwards every required one is non-null.
     */
    CodeBlock readProperties(List<PropertyModel> properties, String returnWhenMissing) {
        CodeBlock.Builder code = CodeBlock.builder().addStatement("in.beginObject()");
        for (PropertyModel property : properties) {
            code.addStatement("$T $N = null", valueType(property).javaType().box(), Names.local(property.javaName()));
        }
        // One bit per property: a duplicate key is caught here, without a hash set per object.
        for (int mask = 0; mask * 64 < properties.size(); mask++) {
            code.addStatement("long $N = 0L", seen(mask));
        }
        code.beginControlFlow("for (String property = in.nextProperty(); property != null; property = in.nextProperty())")
                .beginControlFlow("switch (property)");
        for (int i = 0; i < properties.size(); i++) {
            PropertyModel property = properties.get(i);
            code.add("case $L -> {\n$>", StringLiteral.of(property.jsonName()))
                    .addStatement("$N = in.first($N, 0x$LL)", seen(i / 64), seen(i / 64), Long.toHexString(1L << (i % 64)))
                    // an if, not a conditional expression, which javac would attribute twice
                    .beginControlFlow("if (in.hasValue())")
                    .addStatement("$N = $L", Names.local(property.javaName()), read(valueType(property), property.constraints(), 0))
                    .endControlFlow()
                    .add("$<}\n");
        }
        code.addStatement("default -> in.unknownProperty()")
                .endControlFlow()
                .endControlFlow();
        List<String> required = new ArrayList<>();
        for (PropertyModel property : properties) {
            if (property.presence().isRequired()) {
                required.add(Names.local(property.javaName()) + " == null");
            }
        }
        if (!required.isEmpty()) {
            code.beginControlFlow("if ($L)", String.join(" || ", required))
                    .addStatement(returnWhenMissing)
                    .endControlFlow();
        }
        return code.build();
    }

    private static String seen(int mask) {
        return mask == 0 ? "seen" : "seen" + mask;
    }

    /** The value each property binds to, from its local: optionals wrapped, absent primitives zero. */
    static List<CodeBlock> values(List<PropertyModel> properties) {
        List<CodeBlock> values = new ArrayList<>();
        for (PropertyModel property : properties) {
            String local = Names.local(property.javaName());
            values.add(switch (property.presence()) {
                case REQUIRED, NULLABLE -> CodeBlock.of("$N", local);
                case OPTIONAL -> CodeBlock.of("$T.ofNullable($N)", Optional.class, local);
                case ZERO_DEFAULT -> CodeBlock.of("$N == null ? $L : $N", local,
                        BinderCode.zero(((TypeModel.Scalar) property.type()).kind()), local);
            });
        }
        return values;
    }

    /** {@code private static Address streamAddress(ArgumentStream in)}. */
    MethodSpec streamMethod(NamedType type) {
        return MethodSpec.methodBuilder(streamMethodName(type.key()))
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(type.javaType())
                .addParameter(ARGUMENT_STREAM, "in")
                .addCode(readProperties(type.properties(), "return in.missing()"))
                .addStatement("return new $T($L)", type.javaType(), CodeBlock.join(values(type.properties()), ", "))
                .build();
    }

    static String streamMethodName(String key) {
        return "stream" + Names.member(key);
    }

    private static TypeModel valueType(PropertyModel property) {
        return property.type() instanceof TypeModel.OptionalType optional ? optional.element() : property.type();
    }

    /**
     * An expression reading the current value as {@code type} with the checks of
     * {@code constraints}, made by the stream's {@code ArgumentReader} with the tree binder's own
     * methods ({@link BinderCode#checks}); for a set ({@link #holdsSet}), one that defers to the
     * tree binder.
     */
    private CodeBlock read(TypeModel type, Constraints constraints, int depth) {
        if (holdsSet(type)) {
            return CodeBlock.of("in.<$T>constrained()", type.javaType().box());
        }
        if (type instanceof TypeModel.Sequence sequence && constraints.hasItems()) {
            return BinderCode.asSequence(sequence, CodeBlock.of("in.items($L, $L, $L)", list(sequence, "in", depth),
                    constraints.minItems(), constraints.maxItems()));
        }
        return shared.checks(value(type, "in", depth), CodeBlock.of("in.numberNode()"), type, constraints,
                CodeBlock.of("in.reader()"), CodeBlock.of("$S", ""));
    }

    /**
     * Whether a value holds a set (here, not inside a named type, whose own stream method decides
     * for its properties): sets are unique by JSON equality, which needs the tree, so the stream
     * defers them. Deferring is always safe: the tree binder is the reference.
     */
    private static boolean holdsSet(TypeModel type) {
        if (type instanceof TypeModel.Sequence sequence) {
            return sequence.kind() == SequenceKind.SET || holdsSet(sequence.element());
        }
        if (type instanceof TypeModel.MapType map) {
            return holdsSet(map.value());
        }
        if (type instanceof TypeModel.OptionalType optional) {
            return holdsSet(optional.element());
        }
        return false;
    }

    /** An expression reading the current value of {@code stream} as {@code type}, unchecked. */
    private CodeBlock value(TypeModel type, String stream, int depth) {
        if (type instanceof TypeModel.Scalar scalar) {
            return CodeBlock.of("$N.$N()", stream, scalar.kind().readerMethod());
        }
        if (type instanceof TypeModel.Json) {
            return CodeBlock.of("$N.readJson()", stream);
        }
        if (type instanceof TypeModel.EnumType) {
            return CodeBlock.of("$N.readEnum($N)", stream, shared.enumConstants(type.javaType()));
        }
        if (type instanceof TypeModel.Named named) {
            return CodeBlock.of("$N($N)", streamMethodName(named.key()), stream);
        }
        if (type instanceof TypeModel.MapType map) {
            return CodeBlock.of("$N.readMap($L)", stream, elementReader(map.value(), depth + 1));
        }
        if (type instanceof TypeModel.Sequence sequence) {
            return BinderCode.asSequence(sequence, list(sequence, stream, depth));
        }
        throw new IllegalStateException("no stream reader for " + type);
    }

    private CodeBlock list(TypeModel.Sequence sequence, String stream, int depth) {
        return CodeBlock.of("$N.$N($L)", stream, sequence.kind() == SequenceKind.SET ? "readSet" : "readList",
                elementReader(sequence.element(), depth + 1));
    }

    /** A {@code StreamElementReader} that captures nothing: a method reference or a lambda of its argument. */
    private CodeBlock elementReader(TypeModel type, int depth) {
        if (type instanceof TypeModel.Scalar scalar) {
            return CodeBlock.of("$T::$N", ARGUMENT_STREAM, scalar.kind().readerMethod());
        }
        if (type instanceof TypeModel.Json) {
            return CodeBlock.of("$T::readJson", ARGUMENT_STREAM);
        }
        String i = "i" + depth;
        return CodeBlock.of("$N -> $L", i, value(type, i, depth));
    }
}
