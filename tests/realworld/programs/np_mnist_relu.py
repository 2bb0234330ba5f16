# Source: NumPy tutorials, "Deep learning on MNIST" (relu, relu2deriv and the test-set
#   evaluation of the training loop)
#   https://numpy.org/numpy-tutorials/content/tutorial-deep-learning-on-mnist.html
#   (numpy/numpy-tutorials content/tutorial-deep-learning-on-mnist.md)
# Licence: BSD-3-Clause (numpy-tutorials)
# Changes: relu and relu2deriv are unchanged; the evaluation part of the published training
#   loop ("Evaluate on the test set") is wrapped in evaluate(...), taking the arrays the
#   notebook keeps in globals as parameters and returning what it stores.
import numpy as np


# Define ReLU that returns the input if it's positive and 0 otherwise.
def relu (x):
    return (x>=0) * x

# Set up a derivative of the ReLU function that returns 1 for a positive input 
# and 0 otherwise.
def relu2deriv(output):
    return output >= 0


def evaluate(test_images, test_labels, weights_1, weights_2):
    # Evaluate on the test set:
    # 1. Set the initial error and the number of accurate predictions to zero.
    test_loss = 0.0
    test_accurate_predictions = 0

    # 2. Start testing the model by evaluating on the test image dataset.
    for i in range(len(test_images)):
        # 1. Pass the test images through the input layer.
        layer_0 = test_images[i]
        # 2. Compute the weighted sum of the test image inputs in and
        #    pass the hidden layer's output through ReLU.
        layer_1 = relu(np.dot(layer_0, weights_1))
        # 3. Compute the weighted sum of the hidden layer's inputs.
        #    Produce a 10-dimensional vector with 10 scores.
        layer_2 = np.dot(layer_1, weights_2)

        # 4. Measure the error between the actual label (truth) and prediction values.
        test_loss += np.sum((test_labels[i] - layer_2) ** 2)
        # 5. Increment the accurate prediction count.
        test_accurate_predictions += int(np.argmax(layer_2) == np.argmax(test_labels[i]))

    return test_loss, test_accurate_predictions


# run: relu(np.linspace(-2.0, 2.0, 9))
# run: relu2deriv(np.linspace(-2.0, 2.0, 9))
# run: evaluate(np.linspace(0.0, 1.0, 5 * 16).reshape(5, 16), np.eye(10)[[1, 3, 5, 7, 9]], np.sin(np.arange(16 * 8.0)).reshape(16, 8) * 0.1, np.cos(np.arange(8 * 10.0)).reshape(8, 10) * 0.1)
