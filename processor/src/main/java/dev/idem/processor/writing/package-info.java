/**
 * Writes a class's outputs with JavaPoet: the {@code <Flat_Name>_ToolSet} source (descriptor
 * constants, a {@code bind} switch, one binder per tool, encoders, the {@code Factory}) and the
 * {@code META-INF/idem/tools/<binary name>.json} descriptor resource.
 *
 * <p>Entry types: {@link dev.idem.processor.writing.ToolSetWriter} and
 * {@link dev.idem.processor.writing.DescriptorResourceWriter}.
 *
 * <pre>{@code
 * JavaFile file = ToolSetWriter.write(model, schemas, type);
 * file.writeTo(filer);
 * String json = DescriptorResourceWriter.content(model, schemas);
 * }</pre>
 */
package dev.idem.processor.writing;
