import v8 from 'node:v8';

/**
 * Turns V8's allocation-site pretenuring off for this process; imported first by the processes that serve (main.ts,
 * the bench's instances), so that it is set before anything is allocated.
 *
 * V8 allocates the objects of a site (an object or array literal in a function) straight in the old generation once
 * most of them have lived through a young collection. A streamed export builds millions of short-lived objects
 * per file; when one of its sites was pretenured, what those objects pointed to was kept alive by them until the next
 * full collection, survived every young collection, and was promoted in turn, which pretenured more sites. The Excel
 * file of the scale set then took a heap of 330-470 MB instead of about 100, and twice as long or more; it happened
 * in some runs and not others. Without pretenuring, every object starts young and is promoted only if it lives.
 */
v8.setFlagsFromString('--no-allocation-site-pretenuring');
